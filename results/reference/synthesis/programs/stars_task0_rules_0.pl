% Learned by ilp (rules: RIPPER (wittgenstein) on a table of the bias's features)
% task: results/synthesis/reference/stars/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=118 FN=82 TN=200 FP=0
% time: 0.3 s; search: done
% rules tested: 38
% engine: rules; max_vars=4 max_body=3 max_clauses=2 features=9 ripper_rules=2 seed=0 (max_clauses is a hard limit)
% program: 2 clause(s), 8 literals

f(A,B) :- region_partners(A,B,C), two(D), greaterThan(D,C).
f(A,B) :- joined_partners(A,B,C), two(D), greaterThan(C,D).
