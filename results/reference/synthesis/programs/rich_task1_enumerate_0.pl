% Learned by ilp (enumerate: bottom-up enumeration over the bias's literals, observational equivalence)
% task: results/synthesis/reference/rich/tasks/task1
% examples: 200 positive, 200 negative
% scores: TP=102 FN=98 TN=200 FP=0
% time: 15.2 s; search: done
% rules tested: 6138
% engine: enumerate; max_vars=6 max_body=6 max_clauses=3 features=86 candidates=1016 (max_clauses is a hard limit)
% program: 3 clause(s), 11 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
