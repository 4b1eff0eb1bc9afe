% Dots, coloured squares and stars together (bk/panel.pl): one predicate
% f(A,B) for panels with all three, B any dot, square or star. A literal about
% one kind of object fails on the others, so each rule of bias/dots.pl,
% bias/squares.pl and bias/stars.pl keeps its meaning here.
% bk: witness.pl panel.pl
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
body_pred(joined_colours,3).
body_pred(region_colours,3).
body_pred(closed,2).
body_pred(joined_partners,3).
body_pred(region_partners,3).
body_pred(greaterThan,2).
body_pred(zero,1).
body_pred(one,1).
body_pred(two,1).

type(uncovered,(path,object)).
type(lost,(path,object)).
type(part_dots,(path,object,int)).
type(part_ends,(path,object,int)).
type(open_dots,(path,int)).
type(joined_colours,(path,object,int)).
type(region_colours,(path,object,int)).
type(closed,(path,object)).
type(joined_partners,(path,object,int)).
type(region_partners,(path,object,int)).
type(greaterThan,(int,int)).
type(zero,(int,)).
type(one,(int,)).
type(two,(int,)).

direction(uncovered,(in,in)).
direction(lost,(in,in)).
direction(part_dots,(in,in,out)).
direction(part_ends,(in,in,out)).
direction(open_dots,(in,out)).
direction(joined_colours,(in,in,out)).
direction(region_colours,(in,in,out)).
direction(closed,(in,in)).
direction(joined_partners,(in,in,out)).
direction(region_partners,(in,in,out)).
direction(greaterThan,(in,in)).
direction(zero,(out,)).
direction(one,(out,)).
direction(two,(out,)).

% The families' bounds: 4 variables, 4 body literals; five rules hold two
% dot rules, one square rule and two star rules.
max_vars(4).
max_body(4).
max_clauses(5).

% No singleton variables: every body-only variable occurs in at least two body
% literals (as in bias/rich.pl: a number read and never compared says nothing).
:- body_var(C,V), not head_var(C,V), #count{P,Vars : body_literal(C,P,_,Vars), var_member(V,Vars)} == 1.

% One kind of object per clause: a dot literal fails on a square and so on,
% so a clause mixing kinds never fires, except through open_dots/2 (about the
% path, not the object), which would then count dots for a square or a star.
object_kind(uncovered,dot).
object_kind(lost,dot).
object_kind(part_dots,dot).
object_kind(part_ends,dot).
object_kind(open_dots,dot).
object_kind(joined_colours,square).
object_kind(region_colours,square).
object_kind(closed,square).
object_kind(joined_partners,star).
object_kind(region_partners,star).
:- body_literal(C,P,_,_), body_literal(C,Q,_,_), object_kind(P,K), object_kind(Q,L), K != L.
