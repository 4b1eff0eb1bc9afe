f(A,B) :- uncovered(A,B).
f(A,B) :- region_colours(A,B,C), one(D), greaterThan(C,D).
f(A,B) :- region_partners(A,B,C), two(D), greaterThan(C,D).
f(A,B) :- uncovered(A,B), open_dots(A,C), three(D), greaterThan(C,D).
