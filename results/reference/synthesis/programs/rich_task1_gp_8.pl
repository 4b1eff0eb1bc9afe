% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/rich/tasks/task1
% examples: 200 positive, 200 negative
% scores: TP=78 FN=122 TN=200 FP=0
% time: 15.2 s; search: done
% rules tested: 6138
% engine: gp; max_vars=6 max_body=6 max_clauses=3 features=86 candidates=1654 tree_clauses=2 seed=8 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 2 clause(s), 9 literals

f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
