% The thesis's hand-written inference rules (Chen 2023, Appendix A) for dots,
% gaps, coloured squares and triangles, as a program over the panel background
% knowledge (bk/panel.pl; meanings in witness/search/panel_features.py).
% f(A,B): partial path A can never be completed because of object B.
% `witness verify` proves it like a learned program; on every panel the
% features apply to it fires exactly when the Python player rules of
% witness/difficulty/game.py (HAND_RULES) do
% (tests/test_hand_rules.py).

% no end can be reached any more (the closed-off box)
f(A,B) :- reach_ends(A,B,C), zero(C).
% a dot on a vertex that the head can no longer reach
f(A,B) :- at_vertex(A,B), lost(A,B).
% a dot on an edge that the line can no longer pass (must-cross)
f(A,B) :- on_edge(A,B), passed(A,B).
% squares of two colours across a side the line can never take (must-separate)
f(A,B) :- neighbour_colours(A,B,C), one(D), greaterThan(C,D).
% a triangle with more sides on the line than it counts
f(A,B) :- sides_on(A,B,C), triangle_count(A,B,D), greaterThan(C,D).
% a triangle that can no longer get as many sides as it counts
f(A,B) :- sides_usable(A,B,C), triangle_count(A,B,D), greaterThan(D,C).
