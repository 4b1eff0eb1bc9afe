% Background knowledge for dots, coloured squares, stars, triangles and ends on
% general panels: what a partial path P says about one object O of the panel,
% for learned predicates f(P, O) "partial path P can never be
% completed because of object O". The meaning of every predicate is
% witness/search/panel_features.py (tests/test_panel_bk.py checks that the two
% agree); the bias files bias/dots.pl, squares.pl, stars.pl and mixed.pl load
% this file after bk/witness.pl (greaterThan/2, one/1, two/1, three/1).
%
% Facts (witness/learning/panel_facts.py writes them per task, after this file;
% every atom carries its panel's tag, so several panels pool in one task):
%
%   panel(T)                T is a panel the features apply to (no symmetry,
%                           cancellers or removed parts: elsewhere every
%                           predicate below fails, and a learned one never fires)
%   link(V, W)              the line can step from vertex V to vertex W (an
%                           open edge; listed both ways)
%   edge(E, V, W)           edge E joins vertices V and W
%   end(V)                  V is an end of its panel
%   side(C, D, E)           cells C and D share side E (listed both ways)
%   cell_side(C, E)         E is one of the four sides of cell C
%   vertex_dot(T, O, V)     O is a dot of panel T on vertex V
%   edge_dot(T, O, E)       O is a dot of panel T on edge E
%   square(T, O, C, K)      O is a coloured square of panel T in cell C, colour K
%   star(T, O, C, K)        O is a star of panel T in cell C, colour K
%   triangle(T, O, C, N)    O is a triangle of panel T in cell C, counting N
%   panel_end(T, O, V)      O is an end of panel T, at vertex V
%   symbol(C, K)            cell C holds a symbol of colour K that a star counts
%   path_panel(P, T)        partial path P is drawn on panel T
%   path_head(P, V)         V is the last vertex (the head) of P
%   visited(P, V)           V is a vertex of P
%   path_edge(P, E)         E is an edge of P
%
% Words (as in panel_features.py): reach(P) is the head and every vertex off P
% that the head reaches along open edges through vertices off P; the parts of
% P are the connected pieces of reach(P) without the head (an extension of P
% enters one part at most); an edge is addable when it is open, not on P and
% both its ends are in reach(P); a cell's region now is what its sides off P
% join it to, and what it is joined to for good is what its sides neither on
% P nor addable join it to. An edge is usable when it is open and each of its
% ends is the head or off P (the thesis's hand rules read these: a superset
% of the addable edges).
%
% An ILP engine calls these predicates millions of times in the directions of
% the bias files (path and object in, numbers out): each is deterministic,
% terminates, and fails (never raises) when P or O is unbound or unknown.
% Everything about one path (reach, parts, an object's numbers) is memoised:
% computed once per path and object, stored as a fact, then looked up.

:- use_module(library(lists)).
:- use_module(library(ordsets)).
:- use_module(library(aggregate)).

% Facts of several panels and paths may come in any order; a missing kind of
% fact (a task without stars) makes its callers fail, not raise.
:- dynamic panel/1, link/2, edge/3, end/1, side/3, cell_side/2, vertex_dot/3,
   edge_dot/3, square/4, star/4, triangle/4, panel_end/3, symbol/2, path_panel/2,
   path_head/2, visited/2, path_edge/2.
:- discontiguous panel/1, link/2, edge/3, end/1, side/3, cell_side/2, vertex_dot/3,
   edge_dot/3, square/4, star/4, triangle/4, panel_end/3, symbol/2, path_panel/2,
   path_head/2, visited/2, path_edge/2.

% ------------------------------------------------------------- the BK (Table 1 style)

% uncovered(P, O): dot O is not on path P (dot_covered = 0). (in, in)
uncovered(P, O) :-
    dot_numbers(P, O, Covered, _, _, _),
    Covered =:= 0.

% lost(P, O): dot O is not on P and no extension of P can cover it
% (dot_covered = 0, dot_coverable = 0). (in, in)
lost(P, O) :-
    dot_numbers(P, O, _, Coverable, _, _),
    Coverable =:= 0.

% part_dots(P, O, N): N dots not on P lie in the part of dot O (O included;
% 0 when O is covered or in no part). (in, in, out)
part_dots(P, O, N) :-
    dot_numbers(P, O, _, _, N0, _),
    N = N0.

% part_ends(P, O, N): N ends lie in the part of dot O (0 when O is covered or
% in no part). (in, in, out)
part_ends(P, O, N) :-
    dot_numbers(P, O, _, _, _, N0),
    N = N0.

% open_dots(P, N): N dots of P's panel are not on P. (in, out)
open_dots(P, N) :-
    atom(P),
    open_dot_count(P, N0),
    !,
    N = N0.

% joined_colours(P, O, N): the cells square O is joined to for good hold
% squares of N colours (O's own included). (in, in, out)
joined_colours(P, O, N) :-
    square_numbers(P, O, N0, _, _),
    N = N0.

% region_colours(P, O, N): square O's region now holds squares of N colours.
% (in, in, out)
region_colours(P, O, N) :-
    square_numbers(P, O, _, N0, _),
    N = N0.

% closed(P, O): square O's region is final: no extension of P can cut it.
% (in, in)
closed(P, O) :-
    square_numbers(P, O, _, _, Closed),
    Closed =:= 1.

% joined_partners(P, O, N): the cells star O is joined to for good hold N
% symbols of O's colour (O included). (in, in, out)
joined_partners(P, O, N) :-
    star_numbers(P, O, N0, _),
    N = N0.

% region_partners(P, O, N): star O's region now holds N symbols of O's colour
% (O included). (in, in, out)
region_partners(P, O, N) :-
    star_numbers(P, O, _, N0),
    N = N0.

% at_vertex(P, O): dot O lies on a vertex (dot_on_edge = 0). (in, in)
at_vertex(P, O) :-
    dot_place(P, O, OnEdge, _),
    OnEdge =:= 0.

% on_edge(P, O): dot O lies on an edge (dot_on_edge = 1). (in, in)
on_edge(P, O) :-
    dot_place(P, O, OnEdge, _),
    OnEdge =:= 1.

% passed(P, O): dot O is not on P and the line can no longer pass it: its
% vertex is on P, or its edge is not usable (dot_usable = 0). (in, in)
passed(P, O) :-
    dot_place(P, O, _, Usable),
    Usable =:= 0.

% neighbour_colours(P, O, N): square O's cell and the cells next to it across
% sides that are neither on P nor usable hold squares of N colours. (in, in, out)
neighbour_colours(P, O, N) :-
    atom(P),
    atom(O),
    path_panel(P, T),
    panel(T),
    square(T, O, C, _),
    findall(D, ( side(C, D, E), \+ path_edge(P, E), \+ usable_edge(P, E) ), Ds),
    colour_count(T, [C|Ds], N0),
    !,
    N = N0.

% triangle_count(P, O, N): triangle O counts N sides. (in, in, out)
triangle_count(P, O, N) :-
    triangle_numbers(P, O, N0, _, _),
    N = N0.

% sides_on(P, O, N): N sides of triangle O's cell are on P. (in, in, out)
sides_on(P, O, N) :-
    triangle_numbers(P, O, _, N0, _),
    N = N0.

% sides_usable(P, O, N): N sides of triangle O's cell are on P or usable.
% (in, in, out)
sides_usable(P, O, N) :-
    triangle_numbers(P, O, _, _, N0),
    N = N0.

% reach_ends(P, O, N): O is an end of P's panel and N ends lie in reach(P).
% (in, in, out)
reach_ends(P, O, N) :-
    atom(P),
    atom(O),
    path_panel(P, T),
    panel(T),
    panel_end(T, O, _),
    reach(P, Reach),
    aggregate_all(count, ( member(V, Reach), end(V) ), N0),
    !,
    N = N0.

% zero(A): A is 0 (as in bk/witness_unvisited.pl, which panel biases do not load).
zero(0).

% ------------------------------------------------------------ memoised
% memo(Memo, Goal): the stored answer Memo, or else Goal's first answer,
% stored as Memo. Memo and Goal share the key (path, object) and the outputs;
% every caller leaves the outputs unbound, so an answer is computed once.
% (Facts, not tables: a few hundred bytes per path, where SWI's tables took
% some 20 KB and a default limit of 1 GB for all of them.)
:- dynamic reach_memo/2, parts_memo/2, dot_part_memo/4, dot_values_memo/6,
   open_dots_memo/2, square_values_memo/5, star_values_memo/4.

memo(Memo, _) :-
    call(Memo),
    !.
memo(Memo, Goal) :-
    call(Goal),
    !,
    assertz(Memo).

reach(P, Vs) :-
    memo(reach_memo(P, Vs), reach_of(P, Vs)).
parts(P, Parts) :-
    memo(parts_memo(P, Parts), parts_of(P, Parts)).
dot_part(P, O, Covered, Part) :-
    memo(dot_part_memo(P, O, Covered, Part), dot_part_of(P, O, Covered, Part)).
dot_values(P, O, C, Cv, D, E) :-
    memo(dot_values_memo(P, O, C, Cv, D, E), dot_values_of(P, O, C, Cv, D, E)).
open_dot_count(P, N) :-
    memo(open_dots_memo(P, N), open_dots_of(P, N)).
square_values(P, O, J, R, C) :-
    memo(square_values_memo(P, O, J, R, C), square_values_of(P, O, J, R, C)).
star_values(P, O, J, R) :-
    memo(star_values_memo(P, O, J, R), star_values_of(P, O, J, R)).

% ------------------------------------------------------------ per object
% Each entry point checks that P and O are atoms, then calls the memoised
% predicate with fresh outputs and cuts.

dot_numbers(P, O, Covered, Coverable, PartDots, PartEnds) :-
    atom(P),
    atom(O),
    dot_values(P, O, Covered, Coverable, PartDots, PartEnds),
    !.

square_numbers(P, O, Joined, Region, Closed) :-
    atom(P),
    atom(O),
    square_values(P, O, Joined, Region, Closed),
    !.

star_numbers(P, O, Joined, Region) :-
    atom(P),
    atom(O),
    star_values(P, O, Joined, Region),
    !.

% dot_place(P, O, OnEdge, Usable): whether dot O lies on an edge (1/0) and
% whether it is on P or the line can still pass it (1/0).
dot_place(P, O, OnEdge, Usable) :-
    atom(P),
    atom(O),
    path_panel(P, T),
    panel(T),
    dot_of(T, O, At),
    (   At = edge(_)
    ->  OnEdge = 1
    ;   OnEdge = 0
    ),
    (   dot_on_path(P, At)
    ->  Usable = 1
    ;   At = edge(E)
    ->  (   usable_edge(P, E)
        ->  Usable = 1
        ;   Usable = 0
        )
    ;   Usable = 1                      % a vertex off P
    ),
    !.

% triangle_numbers(P, O, Count, On, Usable): triangle O's count, and how many
% sides of its cell are on P, or on P or usable.
triangle_numbers(P, O, Count, On, Usable) :-
    atom(P),
    atom(O),
    path_panel(P, T),
    panel(T),
    triangle(T, O, C, Count),
    aggregate_all(count, ( cell_side(C, E), path_edge(P, E) ), On),
    aggregate_all(count, ( cell_side(C, E), \+ path_edge(P, E), usable_edge(P, E) ), More),
    Usable is On + More,
    !.

% dot_values(P, O, Covered, Coverable, PartDots, PartEnds): the dot numbers.
dot_values_of(P, O, Covered, Coverable, PartDots, PartEnds) :-
    dot_part(P, O, Covered, Part),
    (   Covered =:= 0, Part \== none
    ->  Coverable = 1,
        path_panel(P, T),
        aggregate_all(count, same_part(P, T, Part), PartDots),
        parts(P, Parts),
        nth0(Part, Parts, Vs),
        aggregate_all(count, (member(V, Vs), end(V)), PartEnds)
    ;   Coverable = Covered,
        PartDots = 0,
        PartEnds = 0
    ).

% same_part(P, T, Part): a dot of panel T, off P, can be covered in part Part
% (true once per such dot).
same_part(P, T, Part) :-
    dot_of(T, O, _),
    dot_part(P, O, Covered, Part2),
    Covered =:= 0,
    Part2 == Part.

% dot_part(P, O, Covered, Part): whether dot O is on P (1/0) and, if not, the
% number of the part it can still be covered in (none: it cannot).
dot_part_of(P, O, Covered, Part) :-
    path_panel(P, T),
    panel(T),
    dot_of(T, O, At),
    (   dot_on_path(P, At)
    ->  Covered = 1,
        Part = none
    ;   Covered = 0,
        path_head(P, H),
        parts(P, Parts),
        (   dot_vertex(P, H, At, V),
            nth0(I, Parts, Vs),
            ord_memberchk(V, Vs)
        ->  Part = I
        ;   Part = none
        )
    ).

dot_of(T, O, vertex(V)) :-
    vertex_dot(T, O, V).
dot_of(T, O, edge(E)) :-
    edge_dot(T, O, E).

dot_on_path(P, vertex(V)) :-
    visited(P, V).
dot_on_path(P, edge(E)) :-
    path_edge(P, E).

% dot_vertex(P, H, At, V): the vertex whose part an uncovered dot can still be
% covered in: its own vertex, or, for an addable edge, the end that is not
% the head H (if neither is, both lie in one part).
dot_vertex(_, _, vertex(V), V).
dot_vertex(P, H, edge(E), V) :-
    reach(P, Reach),
    addable_edge(P, Reach, E),
    edge(E, A, B),
    (   A == H
    ->  V = B
    ;   V = A
    ).

open_dots_of(P, N) :-
    path_panel(P, T),
    panel(T),
    aggregate_all(count, (dot_of(T, O, _), dot_part(P, O, Covered, _), Covered =:= 0), N).

% square_values(P, O, Joined, Region, Closed): colours joined for good, colours
% in the region now, and whether the two regions are the same (1/0).
square_values_of(P, O, Joined, Region, Closed) :-
    path_panel(P, T),
    panel(T),
    square(T, O, C, _),
    regions(P, C, Now, ForGood),
    colour_count(T, ForGood, Joined),
    colour_count(T, Now, Region),
    (   Now == ForGood
    ->  Closed = 1
    ;   Closed = 0
    ).

colour_count(T, Cells, N) :-
    findall(K, (member(C, Cells), square(T, _, C, K)), Ks),
    sort(Ks, Colours),
    length(Colours, N).

% star_values(P, O, Joined, Region): symbols of the star's colour joined to it
% for good, and in its region now.
star_values_of(P, O, Joined, Region) :-
    path_panel(P, T),
    panel(T),
    star(T, O, C, K),
    regions(P, C, Now, ForGood),
    aggregate_all(count, (member(D, ForGood), symbol(D, K)), Joined),
    aggregate_all(count, (member(D, Now), symbol(D, K)), Region).

% ------------------------------------------------------------ per path

% reach(P, Vs): Vs is the ordered set reach(P).
reach_of(P, Vs) :-
    path_head(P, H),
    flood(free_step(P), [H], [H], Vs).

% parts(P, Parts): the parts of P, each an ordered set of vertices, in the
% order of their least vertex.
parts_of(P, Parts) :-
    path_head(P, H),
    reach(P, Reach),
    ord_del_element(Reach, H, Rest),
    components(Rest, Parts).

components([], []).
components([V|Vs], [Part|Parts]) :-
    flood(within_step([V|Vs]), [V], [V], Part),
    ord_subtract(Vs, Part, Left),
    components(Left, Parts).

% addable_edge(P, Reach, E): edge E is open, not on P, both ends in Reach.
addable_edge(P, Reach, E) :-
    edge(E, A, B),
    link(A, B),
    \+ path_edge(P, E),
    ord_memberchk(A, Reach),
    ord_memberchk(B, Reach).

% usable_edge(P, E): edge E is open and each of its ends is P's head or off P.
usable_edge(P, E) :-
    edge(E, A, B),
    link(A, B),
    path_head(P, H),
    free_or_head(P, H, A),
    free_or_head(P, H, B).

free_or_head(_, H, H) :-
    !.
free_or_head(P, _, V) :-
    \+ visited(P, V).

% regions(P, C, Now, ForGood): the cells cell C is joined to through sides
% not on P (now), and through sides neither on P nor addable (for good).
regions(P, C, Now, ForGood) :-
    reach(P, Reach),
    flood(cell_step(P), [C], [C], Now),
    flood(kept_step(P, Reach), [C], [C], ForGood).

% flood(Step, Todo, Seen0, Seen): Seen is Seen0 (an ordered set) and all that
% call(Step, X, Y) steps lead to from the items of Todo.
flood(_, [], Seen, Seen).
flood(Step, [X|Todo], Seen0, Seen) :-
    findall(Y, ( call(Step, X, Y), \+ ord_memberchk(Y, Seen0) ), Ys0),
    sort(Ys0, Ys),
    ord_union(Seen0, Ys, Seen1),
    append(Ys, Todo, Todo1),
    flood(Step, Todo1, Seen1, Seen).

free_step(P, V, W) :-
    link(V, W),
    \+ visited(P, W).

within_step(Vs, V, W) :-
    link(V, W),
    ord_memberchk(W, Vs).

cell_step(P, C, D) :-
    side(C, D, E),
    \+ path_edge(P, E).

kept_step(P, Reach, C, D) :-
    side(C, D, E),
    \+ path_edge(P, E),
    \+ addable_edge(P, Reach, E).
