% Reading a learned program with SWI-Prolog's own term reader, so that layout,
% comments, quoted atoms, operators and variables (every `_` a fresh one) mean
% exactly what they mean when Prolog consults the file. The Python side
% (witness/learning/program.py) gets plain lists, strings and integers.
%
% read_program(+Text, -Terms, -Error): Terms is one item per term of Text:
%   [clause, Line, Source, Head, Body]   a clause (a fact has Body = [])
%   [directive, Line, Source, Name]      a directive (:- D or ?- D), D's name
%   [other, Line, Source]                anything else (a grammar rule, a number)
% Head and each goal of Body are [Name, Args]: an argument is the number of a
% variable (variables numbered in order of first appearance in the term, so a
% head of distinct variables has 0..n-1) or [const, Text] for anything else
% (its text as written).
% A body is flattened over ','/2; a variable goal G is read as call(G).
% Error is "" or the one-line reason (with the line) Text could not be read.

:- module(witness_program, [read_program/3]).

read_program(Text, Terms, Error) :-
    setup_call_cleanup(
        open_string(Text, Stream),
        catch(( read_terms(Stream, Terms), Error = "" ),
              Exception,
              ( Terms = [], error_text(Exception, Error) )),
        close(Stream)).

read_terms(Stream, Terms) :-
    read_term(Stream, Term,
              [ variable_names(Names),
                term_position(Position),
                module(witness_program),
                syntax_errors(error)
              ]),
    (   Term == end_of_file
    ->  Terms = []
    ;   stream_position_data(line_count, Position, Line),
        source_text(Term, Names, Source),
        term_item(Term, Names, Line, Source, Item),
        Terms = [Item|Rest],
        read_terms(Stream, Rest)
    ).

term_item(Term, _, Line, Source, [directive, Line, Source, Name]) :-
    nonvar(Term),
    ( Term = (:- Goal) ; Term = (?- Goal) ),
    !,
    (   callable(Goal)
    ->  functor(Goal, Name, _)
    ;   Name = ""
    ).
term_item(Term, _, Line, Source, [other, Line, Source]) :-
    (   var(Term)
    ;   \+ callable(Term)
    ;   Term = (_ --> _)
    ;   Term = (H :- _), \+ callable(H)
    ),
    !.
term_item(Term, Names, Line, Source, [clause, Line, Source, Head, Body]) :-
    term_variables(Term, Vars0),
    Vars = Vars0-Names,
    (   Term = (H :- B)
    ->  goal_item(Vars, H, Head),
        body_items(Vars, B, Body)
    ;   goal_item(Vars, Term, Head),
        Body = []
    ).

body_items(Vars, Goal, Items) :-
    nonvar(Goal),
    Goal = (A, B),
    !,
    body_items(Vars, A, As),
    body_items(Vars, B, Bs),
    append(As, Bs, Items).
body_items(Vars, Goal, [Item]) :-
    (   var(Goal)
    ->  goal_item(Vars, call(Goal), Item)
    ;   goal_item(Vars, Goal, Item)
    ).

goal_item(Vars, Goal, [Name, Args]) :-
    callable(Goal),
    !,
    compound_name_arity_or_atom(Goal, Name, Arity),
    numlist_args(Goal, Arity, Vars, Args).
goal_item(Vars, Goal, ["", [Arg]]) :-
    argument_item(Vars, Goal, Arg).

compound_name_arity_or_atom(Goal, Name, 0) :-
    atom(Goal),
    !,
    Name = Goal.
compound_name_arity_or_atom(Goal, Name, Arity) :-
    compound_name_arity(Goal, Name, Arity).

numlist_args(_, 0, _, []) :- !.
numlist_args(Goal, Arity, Vars, Args) :-
    Goal =.. [_|Xs],
    length(Xs, Arity),
    maplist(argument_item(Vars), Xs, Args).

argument_item(Vars-_, X, N) :-
    var(X),
    !,
    nth0(N, Vars, V),
    V == X,
    !.
argument_item(_-Names, X, [const, Text]) :-
    source_text(X, Names, Text).

% The term as written, with its variables' names (an unnamed one as `_`).
source_text(Term, Names, Text) :-
    copy_term(Term-Names, Copy-CopyNames),
    maplist(name_variable, CopyNames),
    term_variables(Copy, Anonymous),
    maplist(=('$VAR'('_')), Anonymous),
    Options = [quoted(true), numbervars(true), spacing(next_argument)],
    (   nonvar(Copy), Copy = (Head :- Body)
    ->  format(string(Text), "~W :- ~W", [Head, Options, Body, [priority(1199)|Options]])
    ;   format(string(Text), "~W", [Copy, Options])
    ).

name_variable(Name = Var) :-
    (   var(Var)
    ->  Var = '$VAR'(Name)
    ;   true
    ).

error_text(error(syntax_error(What), Context), Text) :-
    !,
    (   Context = stream(_, Line, Column, _)
    ->  format(string(Text), "line ~w, column ~w: syntax error: ~w", [Line, Column, What])
    ;   format(string(Text), "syntax error: ~w", [What])
    ).
error_text(Exception, Text) :-
    format(string(Text), "~q", [Exception]).
