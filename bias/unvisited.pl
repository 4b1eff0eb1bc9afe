% A richer bias for new experiments: Table 1 plus the unvisited-corner and
% remaining-edge counts behind the triangle inference rules of Chen (2023),
% thesis Appendix A.1. Swap it in with `--bias bias/unvisited.pl` (or the
% pipeline's bias key); the space still contains the paper's Table 3 program.
% bk: witness.pl witness_unvisited.pl
%
% f(A,B): partial path A can never be completed because of square B's
% triangle constraint.

head_pred(f,2).
type(f,(path,square)).
direction(f,(in,in)).

body_pred(square,3).
body_pred(path,2).
body_pred(count,3).
body_pred(len,2).
body_pred(gte,2).
body_pred(greaterThan,2).
body_pred(adjacent,2).
body_pred(notAdjacent,2).
body_pred(one,1).
body_pred(two,1).
body_pred(three,1).
body_pred(unvisited,3).
body_pred(needed,3).
body_pred(zero,1).

type(square,(square,int,list)).
type(path,(path,list)).
type(count,(list,list,int)).
type(len,(list,int)).
type(gte,(int,int)).
type(greaterThan,(int,int)).
type(adjacent,(path,square)).
type(notAdjacent,(path,square)).
type(one,(int,)).
type(two,(int,)).
type(three,(int,)).
type(unvisited,(path,square,int)).
type(needed,(path,square,int)).
type(zero,(int,)).

direction(square,(in,out,out)).
direction(path,(in,out)).
direction(count,(in,in,out)).
direction(len,(in,out)).
direction(gte,(in,in)).
direction(greaterThan,(in,in)).
direction(adjacent,(in,in)).
direction(notAdjacent,(in,in)).
direction(one,(in,)).
direction(two,(in,)).
direction(three,(in,)).
direction(unvisited,(in,in,out)).
direction(needed,(in,in,out)).
direction(zero,(in,)).

% Same bounds as bias/paper.pl (Table 3 needs 6 variables and 6 body
% literals), plus one clause for a rule such as
% f(A,B) :- needed(A,B,C), unvisited(A,B,D), greaterThan(C,D).
max_vars(7).
max_body(6).
max_clauses(4).

% No singleton variables: every body-only variable occurs in at least two body
% literals. The paper's Popper (2023) forbade singletons unless a bias said
% allow_singletons; Popper since December 2023, and this engine, allow them
% unless a bias forbids them, as this constraint in Popper's vocabulary does
% (read the same way by both engines).
:- body_var(C,V), not head_var(C,V), #count{P,Vars : body_literal(C,P,_,Vars), var_member(V,Vars)} == 1.
