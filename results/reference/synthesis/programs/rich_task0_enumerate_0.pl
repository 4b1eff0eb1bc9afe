% Learned by ilp (enumerate: bottom-up enumeration over the bias's literals, observational equivalence)
% task: results/synthesis/reference/rich/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=107 FN=93 TN=200 FP=0
% time: 15.0 s; search: time-out
% rules tested: 3712
% engine: enumerate; max_vars=6 max_body=6 max_clauses=3 features=94 candidates=1138 (max_clauses is a hard limit)
% program: 3 clause(s), 11 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
