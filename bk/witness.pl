% Background knowledge of Table 1 of Stevens, Bulitko and Thue (2023),
% "Solving Witness-type Triangle Puzzles Faster with an Automatically Learned
% Human-Explainable Predicate", as general Prolog definitions.
%
% witness/learning/examples.py copies this file into each task's bk.pl and writes the
% per-puzzle facts after it, so a task folder is self-contained:
%
%   square(S, K, Es)        "K is the number of triangles and Es is the list of
%                           edges around square S" (Table 1); one fact per square
%                           that carries triangles, edges bottom, right, top, left.
%   path(P, Es)             "Es is the list of edges in path P" (Table 1), in the
%                           order the path walks them.
%   path_head(P, V)         V is the last vertex (the head) of path P.
%   path_visited(P, Vs)     Vs is the list of vertices on path P, start first.
%   square_corners(S, Vs)   Vs is the list of the four corner vertices of S.
%   path_sealed(P)          the head of P can no longer reach the goal through
%                           unvisited vertices (used by bk/witness_reach.pl).
%
% Atoms: vertices v_X_Y, edges e_X1_Y1_X2_Y2, squares s_X_Y (prefixed with a
% puzzle tag in pooled tasks), paths p_<puzzle>_<n>.
%
% An ILP engine calls these predicates millions of times, always in the
% directions declared by the bias files (bias/*.pl): every predicate below is
% deterministic and terminates in those directions, and fails (rather than
% loops or raises) when an argument that should be bound is not.

% count(A, B, C): "the number of occurrences of list A in list B is C, that is
% |A intersect B| = C". Used with A and B bound (in, in, out); both orders of
% the two lists give the same C, as in Table 3 (count(D,E,F) and count(E,C,F)).
count(A, B, C) :-
    is_list(A),
    is_list(B),
    count_in(A, B, 0, C).

count_in([], _, N, N).
count_in([X|Xs], B, N0, N) :-
    (   memberchk(X, B)
    ->  N1 is N0 + 1
    ;   N1 = N0
    ),
    count_in(Xs, B, N1, N).

% len(A, B): "the length of list A is B". (in, out)
len(A, B) :-
    is_list(A),
    length(A, N),
    B = N.  % compute, then unify: B may come bound (even to a negative number)

% gte(A, B): "A >= B". (in, in)
gte(A, B) :-
    integer(A),
    integer(B),
    A >= B.

% greaterThan(A, B): "A > B". (in, in)
greaterThan(A, B) :-
    integer(A),
    integer(B),
    A > B.

% adjacent(A, B): "last vertex of path A has an edge adjacent to it in square
% B", i.e. the head of A is one of B's four corners. (in, in)
adjacent(A, B) :-
    path_head(A, V),
    square_corners(B, Cs),
    memberchk(V, Cs).

% notAdjacent(A, B): "last vertex of path A does not have an edge adjacent to
% it in square B": the head of A is none of B's corners. Fails for unknown
% path or square ids (it is not a bare negation of adjacent/2). (in, in)
notAdjacent(A, B) :-
    path_head(A, V),
    square_corners(B, Cs),
    \+ memberchk(V, Cs).

% one(A), two(A), three(A): "A is 1, 2 or 3 respectively". (in)
one(1).
two(2).
three(3).
