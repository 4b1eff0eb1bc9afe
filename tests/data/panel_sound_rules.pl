f(A,B) :- lost(A,B).
f(A,B) :- uncovered(A,B), part_ends(A,B,C), zero(C).
f(A,B) :- uncovered(A,B), part_dots(A,B,C), open_dots(A,D), greaterThan(D,C).
f(A,B) :- joined_colours(A,B,C), one(D), greaterThan(C,D).
f(A,B) :- closed(A,B), region_colours(A,B,C), one(D), greaterThan(C,D).
f(A,B) :- joined_partners(A,B,C), two(D), greaterThan(C,D).
f(A,B) :- region_partners(A,B,C), two(D), greaterThan(D,C).
