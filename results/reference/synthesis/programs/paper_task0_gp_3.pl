% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/paper/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=40 FN=160 TN=200 FP=0
% time: 15.1 s; search: done
% rules tested: 6894
% engine: gp; max_vars=7 max_body=6 max_clauses=3 features=55 candidates=1626 tree_clauses=2 seed=3 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 2 clause(s), 11 literals

f(A,B) :- path(A,C), count(C,C,D), three(D), square(B,E,F), count(C,F,E).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
