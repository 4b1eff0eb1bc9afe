% Learned by ilp (rules: RIPPER (wittgenstein) on a table of the bias's features)
% task: results/synthesis/reference/rich/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=66 FN=134 TN=200 FP=0
% time: 16.0 s; search: done
% rules tested: 6138
% engine: rules; max_vars=6 max_body=6 max_clauses=3 features=117 ripper_rules=2 seed=0 (max_clauses is a hard limit)
% program: 1 clause(s), 2 literals

f(A,B) :- deadEnd(A,B).
