% fay is labelled happy but looks exactly like gus, who is not: no program
% covers every positive and no negative.
head_pred(happy,1).
body_pred(rich,1).
body_pred(married,2).
body_pred(kind,1).
type(happy,(person,)).
type(rich,(person,)).
type(married,(person,person)).
type(kind,(person,)).
direction(happy,(in,)).
direction(rich,(in,)).
direction(married,(in,out)).
direction(kind,(in,)).
max_vars(3).
max_body(3).
max_clauses(2).
