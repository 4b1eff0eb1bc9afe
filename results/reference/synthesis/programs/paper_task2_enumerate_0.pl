% Learned by ilp (enumerate: bottom-up enumeration over the bias's literals, observational equivalence)
% task: results/synthesis/reference/paper/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=86 FN=114 TN=200 FP=0
% time: 15.1 s; search: time-out
% rules tested: 1374
% engine: enumerate; max_vars=7 max_body=6 max_clauses=3 features=16 candidates=100 (max_clauses is a hard limit)
% program: 3 clause(s), 16 literals

f(A,B) :- notAdjacent(A,B), square(B,C,D), three(C), count(D,D,E), greaterThan(E,C).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,D), one(D).
