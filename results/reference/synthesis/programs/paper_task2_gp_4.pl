% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/paper/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=33 FN=167 TN=200 FP=0
% time: 15.3 s; search: done
% rules tested: 1008
% engine: gp; max_vars=7 max_body=6 max_clauses=3 features=15 candidates=1639 tree_clauses=2 seed=4 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 2 clause(s), 10 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,D), one(D).
