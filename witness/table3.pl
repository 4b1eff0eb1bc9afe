% The paper's learned predicate pi° (Stevens, Bulitko, Thue 2023, Table 3), one
% clause a line, over the background knowledge of Table 1 (bk/witness.pl).
% witness.paper reads it (TABLE3_CLAUSES); the search's built-in 'paper'
% predicate carries these lines as its clauses' Prolog source.
f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).
f(A,B) :- square(B,D,C), path(A,E), count(E,C,F), notAdjacent(A,B), three(D), one(F).
f(A,B) :- square(B,D,C), path(A,E), count(E,C,F), notAdjacent(A,B), three(D), two(F).
