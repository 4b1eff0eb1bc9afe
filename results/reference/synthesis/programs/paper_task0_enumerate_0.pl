% Learned by ilp (enumerate: bottom-up enumeration over the bias's literals, observational equivalence)
% task: results/synthesis/reference/paper/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=69 FN=131 TN=200 FP=0
% time: 15.1 s; search: done
% rules tested: 11082
% engine: enumerate; max_vars=7 max_body=6 max_clauses=3 features=55 candidates=296 (max_clauses is a hard limit)
% program: 3 clause(s), 19 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), count(C,E,F), greaterThan(D,F), two(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), one(F).
