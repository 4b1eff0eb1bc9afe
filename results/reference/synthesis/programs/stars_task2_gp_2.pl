% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/stars/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=94 FN=106 TN=200 FP=0
% time: 0.2 s; search: done
% rules tested: 38
% engine: gp; max_vars=4 max_body=3 max_clauses=2 features=9 candidates=1680 tree_clauses=2 seed=2 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 2 clause(s), 8 literals

f(A,B) :- joined_partners(A,B,C), two(D), greaterThan(C,D).
f(A,B) :- region_partners(A,B,C), two(D), greaterThan(D,C).
