% Richer background knowledge: goal reachability, the "closed-off box" rule of
% Chen (2023), thesis Appendix A.1: a move that draws "the path within a
% closed-off box that will not allow any future path to reach the end
% junction" can never be part of a solution. Load after bk/witness.pl (and
% bk/witness_unvisited.pl); bias/reach.pl lists the files.
%
% The per-task fact path_sealed(P) is computed exactly by witness/learning/labels.py
% (no simple extension of P reaches the goal), because a reachability search
% in Prolog on every call would cost more than the rest of the BK together.

% deadEnd(A, B): path A can no longer reach the goal at all, so no completion
% of A meets square B's constraint (true of every square B of A's puzzle; the
% square argument keeps the predicate in the per-constraint form f(A,B)).
% Deterministic for (in, in).
deadEnd(A, B) :-
    path_sealed(A),
    square(B, _, _).
