% Stars on general panels: what a partial path says about the partners of one
% star (bk/panel.pl).
% bk: witness.pl panel.pl
%
% f(A,B): partial path A can never be completed because of star B. The sound
% rules (CERTIFICATES of witness/search/panel_features.py) lie in this space:
%   f(A,B) :- joined_partners(A,B,C), two(D), greaterThan(C,D).
%   f(A,B) :- region_partners(A,B,C), two(D), greaterThan(D,C).
%
% Constants are generators (direction out): one(B), greaterThan(A,B) reads
% "A > 1". A constant whose variable is already bound is a test, as in
% part_ends(A,B,C), zero(C).

head_pred(f,2).
type(f,(path,object)).
direction(f,(in,in)).

body_pred(joined_partners,3).
body_pred(region_partners,3).
body_pred(greaterThan,2).
body_pred(two,1).

type(joined_partners,(path,object,int)).
type(region_partners,(path,object,int)).
type(greaterThan,(int,int)).
type(two,(int,)).

direction(joined_partners,(in,in,out)).
direction(region_partners,(in,in,out)).
direction(greaterThan,(in,in)).
direction(two,(out,)).

% Each sound rule has 3 body literals and 4 variables; two rules.
max_vars(4).
max_body(3).
max_clauses(2).

% No singleton variables: every body-only variable occurs in at least two body
% literals (as in bias/rich.pl: a number read and never compared says nothing).
:- body_var(C,V), not head_var(C,V), #count{P,Vars : body_literal(C,P,_,Vars), var_member(V,Vars)} == 1.
