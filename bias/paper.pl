% Language bias of the paper (Stevens, Bulitko, Thue 2023, section 4.1,
% Table 1), in Popper's format. Read by clingo (Popper-style), so 1-tuples are
% written (int,).
%
% The next line names the background knowledge this bias goes with; files are
% looked up next to this file, then in ../bk/, and concatenated in order into
% the task's bk.pl by witness/learning/examples.py.
% bk: witness.pl
%
% f(A,B): partial path A can never be completed because of square B's
% triangle constraint (the per-constraint predicate pi' of section 4).

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

% Directions make every clause safe: each input argument is bound by the head
% or by an earlier output, and the definitions in bk/witness.pl are
% deterministic in these directions.
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

% v = 7 variables (section 5.2). max_body 6: rows 2 and 3 of Table 3, the
% longest clauses the paper learned, have exactly 6 body literals (square,
% path, count, notAdjacent, three, one/two), so 6 is the smallest bound that
% keeps Table 3 in the space; every extra literal multiplies the clauses to
% test. max_clauses 3: Table 3 has three rows.
max_vars(7).
max_body(6).
max_clauses(3).

% No singleton variables: every body-only variable occurs in at least two body
% literals. The paper's Popper (2023) forbade singletons unless a bias said
% allow_singletons; Popper since December 2023, and this engine, allow them
% unless a bias forbids them, as this constraint in Popper's vocabulary does
% (read the same way by both engines).
:- body_var(C,V), not head_var(C,V), #count{P,Vars : body_literal(C,P,_,Vars), var_member(V,Vars)} == 1.
