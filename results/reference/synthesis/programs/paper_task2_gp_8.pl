% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/paper/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=53 FN=147 TN=200 FP=0
% time: 16.4 s; search: done
% rules tested: 1276
% engine: gp; max_vars=7 max_body=6 max_clauses=3 features=16 candidates=1622 tree_clauses=1 seed=8 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 1 clause(s), 6 literals

f(A,B) :- notAdjacent(A,B), square(B,C,D), three(C), count(D,D,E), greaterThan(E,C).
