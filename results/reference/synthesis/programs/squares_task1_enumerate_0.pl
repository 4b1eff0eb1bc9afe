% Learned by ilp (enumerate: bottom-up enumeration over the bias's literals, observational equivalence)
% task: results/synthesis/reference/squares/tasks/task1
% examples: 200 positive, 200 negative
% scores: TP=116 FN=84 TN=200 FP=0
% time: 0.3 s; search: done
% rules tested: 126
% engine: enumerate; max_vars=4 max_body=4 max_clauses=2 features=7 candidates=24 (max_clauses is a hard limit)
% program: 1 clause(s), 4 literals

f(A,B) :- joined_colours(A,B,C), one(D), greaterThan(C,D).
