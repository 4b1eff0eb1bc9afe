% Coloured squares on general panels: what a partial path says about the
% region of one square (bk/panel.pl).
% bk: witness.pl panel.pl
%
% f(A,B): partial path A can never be completed because of square B. The sound
% rules (CERTIFICATES of witness/search/panel_features.py) lie in this space:
%   f(A,B) :- joined_colours(A,B,C), one(D), greaterThan(C,D).
%   f(A,B) :- closed(A,B), region_colours(A,B,C), one(D), greaterThan(C,D).
%
% Constants are generators (direction out): one(B), greaterThan(A,B) reads
% "A > 1". A constant whose variable is already bound is a test, as in
% part_ends(A,B,C), zero(C).

head_pred(f,2).
type(f,(path,object)).
direction(f,(in,in)).

body_pred(joined_colours,3).
body_pred(region_colours,3).
body_pred(closed,2).
body_pred(greaterThan,2).
body_pred(one,1).

type(joined_colours,(path,object,int)).
type(region_colours,(path,object,int)).
type(closed,(path,object)).
type(greaterThan,(int,int)).
type(one,(int,)).

direction(joined_colours,(in,in,out)).
direction(region_colours,(in,in,out)).
direction(closed,(in,in)).
direction(greaterThan,(in,in)).
direction(one,(out,)).

% The longer sound rule has 4 body literals and 4 variables; the first rule
% implies the second, so one rule suffices and two leave room.
max_vars(4).
max_body(4).
max_clauses(2).

% No singleton variables: every body-only variable occurs in at least two body
% literals (as in bias/rich.pl: a number read and never compared says nothing).
:- body_var(C,V), not head_var(C,V), #count{P,Vars : body_literal(C,P,_,Vars), var_member(V,Vars)} == 1.
