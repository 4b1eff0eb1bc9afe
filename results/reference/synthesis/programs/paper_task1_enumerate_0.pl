% Learned by ilp (enumerate: bottom-up enumeration over the bias's literals, observational equivalence)
% task: results/synthesis/reference/paper/tasks/task1
% examples: 200 positive, 200 negative
% scores: TP=22 FN=178 TN=200 FP=0
% time: 15.1 s; search: time-out
% rules tested: 1954
% engine: enumerate; max_vars=7 max_body=6 max_clauses=3 features=19 candidates=127 (max_clauses is a hard limit)
% program: 1 clause(s), 5 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
