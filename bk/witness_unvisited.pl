% Richer background knowledge: Table 1 (bk/witness.pl, which must be loaded
% first; bias/unvisited.pl lists both files) plus the quantities behind the
% triangle inference rules of Chen (2023), thesis Appendix A.1: "if the number
% of non-visited junctions of a triangle constraint is fewer than the
% remaining number of edges that a path needs to cross for the constraint to
% be satisfiable", the constraint can no longer be met.
%
% Both predicates are deterministic in the declared direction (in, in, out)
% and use the same per-task facts as bk/witness.pl.

% unvisited(A, B, C): C is the number of corners ("junctions") of square B
% that path A has not visited (the head counts as visited). 0..4.
unvisited(A, B, C) :-
    path_visited(A, Vs),
    square_corners(B, Cs),
    count_in(Cs, Vs, 0, Visited),
    C is 4 - Visited.

% needed(A, B, C): C is "the remaining number of edges that a path needs to
% cross" for square B's constraint: B's triangles minus B's edges on path A.
% Negative when the path already has too many of B's edges.
needed(A, B, C) :-
    square(B, K, Es),
    path(A, Ps),
    count_in(Es, Ps, 0, N),
    C is K - N.

% zero(A): A is 0.
zero(0).
