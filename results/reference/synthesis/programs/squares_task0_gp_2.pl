% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/squares/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=106 FN=94 TN=200 FP=0
% time: 0.4 s; search: done
% rules tested: 126
% engine: gp; max_vars=4 max_body=4 max_clauses=2 features=7 candidates=1645 tree_clauses=1 seed=2 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 1 clause(s), 4 literals

f(A,B) :- joined_colours(A,B,C), one(D), greaterThan(C,D).
