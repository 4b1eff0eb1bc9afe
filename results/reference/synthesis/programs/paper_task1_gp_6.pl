% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/paper/tasks/task1
% examples: 200 positive, 200 negative
% scores: TP=22 FN=178 TN=200 FP=0
% time: 15.3 s; search: done
% rules tested: 1602
% engine: gp; max_vars=7 max_body=6 max_clauses=3 features=16 candidates=1615 tree_clauses=1 seed=6 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 1 clause(s), 5 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
