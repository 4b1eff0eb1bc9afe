% Dots on general panels: what a partial path says about one dot (bk/panel.pl).
% bk: witness.pl panel.pl
%
% f(A,B): partial path A can never be completed because of dot B. The sound
% rules (CERTIFICATES of witness/search/panel_features.py) lie in this space, e.g.
%   f(A,B) :- lost(A,B).
%   f(A,B) :- uncovered(A,B), part_ends(A,B,C), zero(C).
%   f(A,B) :- uncovered(A,B), part_dots(A,B,C), open_dots(A,D), greaterThan(D,C).
%
% Constants are generators (direction out): one(B), greaterThan(A,B) reads
% "A > 1". A constant whose variable is already bound is a test, as in
% part_ends(A,B,C), zero(C).

head_pred(f,2).
type(f,(path,object)).
direction(f,(in,in)).

body_pred(uncovered,2).
body_pred(lost,2).
body_pred(part_dots,3).
body_pred(part_ends,3).
body_pred(open_dots,2).
body_pred(greaterThan,2).
body_pred(zero,1).

type(uncovered,(path,object)).
type(lost,(path,object)).
type(part_dots,(path,object,int)).
type(part_ends,(path,object,int)).
type(open_dots,(path,int)).
type(greaterThan,(int,int)).
type(zero,(int,)).

direction(uncovered,(in,in)).
direction(lost,(in,in)).
direction(part_dots,(in,in,out)).
direction(part_ends,(in,in,out)).
direction(open_dots,(in,out)).
direction(greaterThan,(in,in)).
direction(zero,(out,)).

% The longest sound rule has 4 body literals and 4 variables; two rules (the
% last two above) cover every dot a sound rule can blame, three leave room.
max_vars(4).
max_body(4).
max_clauses(3).

% No singleton variables: every body-only variable occurs in at least two body
% literals (as in bias/rich.pl: a number read and never compared says nothing).
:- body_var(C,V), not head_var(C,V), #count{P,Vars : body_literal(C,P,_,Vars), var_member(V,Vars)} == 1.
