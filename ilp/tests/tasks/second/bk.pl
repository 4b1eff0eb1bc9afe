% Lists: head/2, tail/2, empty/1 and last/2.
head([H|_], H).
tail([_|T], T).
empty([]).
last([X], X) :- !.
last([_|T], X) :- last(T, X).
