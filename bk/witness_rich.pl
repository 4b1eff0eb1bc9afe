% Richer background knowledge: what the path has cut off. Chen (2023), thesis
% Appendix A.1, rules a move "must not take" when it leaves a triangle
% constraint fewer junctions than the edges it still needs, or draws the path
% "within a closed-off box". Both are special cases of one count: the edges of
% a square that a completion of the path could still add. Load after
% bk/witness.pl (bias/rich.pl lists the files).
%
% The per-task fact path_free(P, Vs) is computed exactly by witness/learning/examples.py
% (witness.model.puzzle.free_region): Vs is the list of vertices a completion of P can
% still use, i.e. the head of P and every vertex off P reachable from the head
% without touching P. It is a flood fill over the grid, which Prolog would
% repeat on every call (as for path_sealed/1 of bk/witness_reach.pl).

% addable(A, B, C): C is the number of edges of square B that a completion of
% path A could still add: sides of B whose two corners are both in A's free
% region. Such a side is never on A (the head is the only vertex of the region
% on A), and every edge a completion adds joins two vertices of the region, so
% a square that needs more edges (needed/3) than this can never be satisfied.
% 0..4. Deterministic for (in, in, out).
addable(A, B, C) :-
    path_free(A, Vs),
    square_corners(B, [C0, C1, C2, C3]),
    free_sides([C0-C1, C1-C2, C2-C3, C3-C0], Vs, 0, C).

free_sides([], _, N, N).
free_sides([U-V|Sides], Vs, N0, N) :-
    (   memberchk(U, Vs),
        memberchk(V, Vs)
    ->  N1 is N0 + 1
    ;   N1 = N0
    ),
    free_sides(Sides, Vs, N1, N).
