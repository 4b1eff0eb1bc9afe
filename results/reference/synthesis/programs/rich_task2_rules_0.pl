% Learned by ilp (rules: RIPPER (wittgenstein) on a table of the bias's features)
% task: results/synthesis/reference/rich/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=95 FN=105 TN=200 FP=0
% time: 16.2 s; search: done
% rules tested: 6138
% engine: rules; max_vars=6 max_body=6 max_clauses=3 features=102 ripper_rules=3 seed=0 (max_clauses is a hard limit)
% program: 2 clause(s), 7 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
