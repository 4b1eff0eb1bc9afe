% Coverage testing for ilp/test.py (loaded once per process through janus-swi).
%
% Each task lives in its own module M: its background knowledge, and its
% examples as numbered facts '$ilp_pos'(I, Atom) / '$ilp_neg'(I, Atom)
% (SWI indexes them on the first argument, so looking up one candidate
% example is constant time).

:- module(ilp_test, [load_bk/5, load_examples/5, cover/14, cover_program/11,
                    own_clauses/4, undefined_preds/3, fact_rows/5,
                    head_place_conflicts/4, fact_preds/3, wipe/2,
                    forget_rules/1]).
:- use_module(library(time)).
:- use_module(library(lists)).
:- use_module(library(occurs)).

:- dynamic loading/1, load_error/2, first_conflict/3.
:- multifile user:message_hook/3.

% While a task's BK loads, its first error message (syntax error, failing or
% raising directive, ...) is recorded so that learning refuses to start.
user:message_hook(Term, Kind, _) :-
    loading(M),
    \+ load_error(M, _),
    (   Kind == error
    ->  true
    ;   sub_term(T, Term), T == ilp_bk_halt   % e.g. initialization(halt)
    ),
    message_text(Term, Text),
    assertz(load_error(M, Text)).  % quoted in the learner's one-line error

% A warning about a task's BK (singleton variables, clauses not together...)
% is printed once, as SWI prints it, without the task module's internal name.
user:message_hook(_, warning, Lines) :-
    loading(M),
    (   source_location(File, Line)
    ->  format(string(Where), "Warning: ~w:~d:~n", [File, Line]), Prefix = 'Warning:    '
    ;   Where = "", Prefix = kind(warning)
    ),
    with_output_to(string(S), print_message_lines(current_output, Prefix, Lines)),
    atom_concat(M, ':', Qualifier),
    atomic_list_concat(Parts, Qualifier, S),
    atomic_list_concat(Parts, '', Plain),
    format(user_error, "~w~w", [Where, Plain]).

%!  message_text(+Term, -Text) is det.
%   The first line of the message SWI would print for Term.
message_text(Term, Text) :-
    sub_term(T, Term), T == ilp_bk_halt, !,
    Text = "the background knowledge called halt/0 or halt/1".
message_text(Term, Text) :-
    catch(( phrase('$messages':translate_message(Term), Lines),
            with_output_to(string(S), print_message_lines(current_output, '', Lines)) ),
          _, fail), !,
    split_string(S, "\n", " ", [Text|_]).
message_text(Term, Text) :-
    term_string(Term, Text).

% halt/0,1 inside the BK must not end the learner's process (the caller
% would see exit status 0 and no output): in the task's module they raise.
forbid_halt(M) :-
    M:redefine_system_predicate(halt),
    M:redefine_system_predicate(halt(_)),
    M:assertz((halt :- throw(ilp_bk_halt))),
    M:assertz((halt(_) :- throw(ilp_bk_halt))).

%!  load_bk(+M, +File, +Id, +Limit, -Error) is det.
%   Load File into module M under the source id Id, then run its
%   initialization/1 goals as consult/1 would (SWI keeps them for the file a
%   stream was opened on and runs them only when that file is loaded by name),
%   all within Limit seconds (0: no limit). Error is "" or the first error
%   message.
load_bk(M, File, Id0, Limit, Error) :-
    atom_string(Id, Id0),
    forbid_halt(M),
    retractall(load_error(M, _)),
    setup_call_cleanup(
        asserta(loading(M)),
        catch(within(Limit, load_and_initialize(M, File, Id)),
              E, ( load_exception_text(E, Limit, T), assertz(load_error(M, T)) )),
        retractall(loading(M))),
    (   load_error(M, Error) -> true ; Error = "" ).

load_and_initialize(M, File, Id) :-
    setup_call_cleanup(
        open(File, read, S),
        load_files(M:Id, [stream(S), silent(true)]),
        close(S)),
    % M is this task's own module: its goals are exactly this load's (those
    % for when(main) and the like run only when a program starts, not on consult)
    forall(( system:'$init_goal'(Source, M:Goal, Ctx), Source \= when(_) ),
           ( retract(system:'$init_goal'(Source, M:Goal, Ctx)),
             catch(( call(M:Goal) -> true ; true ),
                   E, ( message_text(E, T), assertz(load_error(M, T)) )) )).

within(Limit, Goal) :-
    (   Limit =:= 0
    ->  call(Goal)
    ;   call_with_time_limit(Limit, Goal)
    ).

load_exception_text(E, Limit, Text) :-
    (   E = time_limit_exceeded ; E = time_limit_exceeded(_) ),
    !,
    format(string(Text),
           "loading did not finish within the time-out (~1f s): a directive that never returns?",
           [Limit]).
load_exception_text(E, _, Text) :-
    message_text(E, Text).

load_examples(M, File, Head, NPos, NNeg) :-
    dynamic(M:'$ilp_pos'/2),
    dynamic(M:'$ilp_neg'/2),
    dynamic(M:'$ilp_pos_key'/2),
    dynamic(M:'$ilp_neg_key'/2),
    setup_call_cleanup(
        open(File, read, S),
        ( skip_script_line(S), read_examples(S, M, Head, 0, 0, NPos, NNeg) ),
        close(S)).

% A first line starting with # is skipped, as consult (and so Popper) does.
skip_script_line(S) :-
    (   peek_char(S, '#') -> skip(S, 0'\n) ; true ).

read_examples(S, M, Head, P0, N0, P, N) :-
    read_term(S, T, []),
    (   T == end_of_file
    ->  P = P0, N = N0
    ;   T = (:- _)
    ->  read_examples(S, M, Head, P0, N0, P, N)
    ;   T = pos(A), ground(A), functor(A, Name, Arity), Head = Name/Arity
    ->  assertz(M:'$ilp_pos'(P0, A)), term_hash(A, K), assertz(M:'$ilp_pos_key'(K, P0)),
        P1 is P0 + 1,
        read_examples(S, M, Head, P1, N0, P, N)
    ;   T = neg(A), ground(A), functor(A, Name, Arity), Head = Name/Arity
    ->  assertz(M:'$ilp_neg'(N0, A)), term_hash(A, K), assertz(M:'$ilp_neg_key'(K, N0)),
        N1 is N0 + 1,
        read_examples(S, M, Head, P0, N1, P, N)
    ;   throw(error(domain_error(example, T), _))
    ).

undefined_preds(M, Preds, Missing) :-
    findall(PI, ( member(P/A, Preds), functor(H, P, A),
                  \+ predicate_property(M:H, visible), format(string(PI), "~w/~w", [P, A]) ),
            Missing).

%!  fact_rows(+M, +Name, +Arity, +Max, -Rows) is det.
%   Rows: the arguments of Name/Arity in module M, one list of strings
%   (term_string/2) per clause, when it has at most Max clauses, all of them
%   ground facts of M's own; otherwise the atom none.
fact_rows(M, Name0, Arity, Max, Rows) :-
    atom_string(Name, Name0),
    functor(H, Name, Arity),
    (   catch(fact_defined(M, H, Max), _, fail)
    ->  findall(Strs, ( clause(M:H, true), H =.. [_|Args], maplist(term_string, Args, Strs) ),
                Rows)
    ;   Rows = none
    ).

%!  head_place_conflicts(+M, +Place, -Conflicts, -Values) is det.
%   Conflicts: for each positive example of M, in order, the index of the first
%   negative equal to it but at argument Place (1-based), or the atom none if
%   some positive has no such negative. Values: the distinct arguments at Place
%   of all examples, as strings (term_string/2, as fact_rows/5).
%   When every example is ground and of one predicate, each positive's first
%   conflict is looked up by the negatives' (JIT, deep) index, within an
%   inference budget; past it, or else, one pass over the negatives, keeping
%   only the first per wanted key (there may be 100,000s of negatives, each
%   matching a positive).
head_place_conflicts(M, Place, Conflicts, Values) :-
    M:'$ilp_pos'(_, A0),
    functor(A0, Name, Arity),
    \+ ( ( M:'$ilp_pos'(_, A) ; M:'$ilp_neg'(_, A) ),
          \+ ( ground(A), functor(A, Name, Arity) ) ),
    aggregate_all(count, ( M:'$ilp_pos'(_, _) ; M:'$ilp_neg'(_, _) ), N),
    Limit is 20 * N + 1000,
    call_with_inference_limit(indexed_conflicts(M, Place, Found), Limit, Result),
    Result \== inference_limit_exceeded,
    !,
    place_conflicts(M, Place, Found, Conflicts, Values).
head_place_conflicts(M, Place, Conflicts, Values) :-
    retractall(first_conflict(_, _, _)),
    findall(Key-[], ( M:'$ilp_pos'(_, A), without_place(A, Place, Key) ), Keys0),
    sort(1, @<, Keys0, Keys),
    list_to_assoc(Keys, Wanted),
    forall(( M:'$ilp_neg'(J, A), without_place(A, Place, Key), get_assoc(Key, Wanted, _) ),
           (   term_hash(Key, H), first_conflict(H, Key, _)
           ->  true
           ;   term_hash(Key, H), assertz(first_conflict(H, Key, J))
           )),
    findall(J, ( M:'$ilp_pos'(_, A), without_place(A, Place, Key), term_hash(Key, H),
                 ( first_conflict(H, Key, J0) -> J = J0 ; J = none ) ), Found),
    retractall(first_conflict(_, _, _)),
    place_conflicts(M, Place, Found, Conflicts, Values).

%   Found: each positive's first conflict, in order; none after the first
%   positive without one (the indexed search stops there).
indexed_conflicts(M, Place, Found) :-
    findall(J, ( M:'$ilp_pos'(_, A),
                 functor(A, Name, Arity), functor(B, Name, Arity),
                 same_args_but(1, Arity, Place, A, B),
                 ( once(M:'$ilp_neg'(J0, B)) -> J = J0 ; !, J = none ) ), Found).

%   B has A's arguments, but at Place (a fresh variable there).
same_args_but(I, Arity, _, _, _) :-
    I > Arity, !.
same_args_but(I, Arity, Place, A, B) :-
    (   I =:= Place
    ->  true
    ;   arg(I, A, X), arg(I, B, X)
    ),
    I1 is I + 1,
    same_args_but(I1, Arity, Place, A, B).

place_conflicts(M, Place, Found, Conflicts, Values) :-
    (   memberchk(none, Found)
    ->  Conflicts = none, Values = []
    ;   Conflicts = Found,
        findall(X, ( ( M:'$ilp_pos'(_, A) ; M:'$ilp_neg'(_, A) ), arg(Place, A, X) ), Xs),
        sort(Xs, Distinct),
        maplist(term_string, Distinct, Values)
    ).

without_place(Atom, Place, Key) :-
    Atom =.. [_|Args],
    nth1(Place, Args, _, Key).

%!  fact_preds(+M, +Preds, -Names) is det.
%   Names: the names of the Name/Arity in Preds that M defines by ground facts only.
fact_preds(M, Preds, Names) :-
    findall(P, ( member(P/A, Preds), functor(H, P, A), catch(fact_defined(M, H, inf), _, fail) ),
            Names).

fact_defined(M, H, Max) :-
    predicate_property(M:H, defined),
    \+ predicate_property(M:H, imported_from(_)),
    \+ predicate_property(M:H, foreign),
    predicate_property(M:H, number_of_clauses(N)),
    N =< Max,
    forall(clause(M:H, Body), ( Body == true, ground(H) )).

candidate(true, _, Table, M, I, Atom) :- !, call(M:Table, I, Atom).
candidate(false, Cands, Table, M, I, Atom) :- member(I, Cands), call(M:Table, I, Atom).

%!  cover(+M, +Id, +Text, +Table, +All, +Cands, +First, +AnswerLimit, +InfLimit,
%!        +TimeLimit, +Untimed, -Covered, -Status, -Message)
%   Id: the caller's number for Text (the same text, the same number): the
%   rule is asserted as M:'$ilp_rule'(Id, Head) :- Body on its first query
%   and kept for the next ones (erasing a clause after each query made
%   SWI-Prolog collect clause and atom garbage every few queries);
%   forget_rules/1 drops them all.
%   Covered: the candidates the rule covers (First = false), the first
%   one (First = true), or the first candidate it does not cover
%   (First = missed). Status: ok, limit, timeout, error (the rule's own
%   fault, e.g. an instantiation error) or bk_error (an undefined procedure
%   or a halt in the BK: the task is broken), with Message for the errors.
%   AnswerLimit > 0: first try by_answers/6 within that many inferences.
%   Untimed: see limited/5.
cover(M, Id, Text, Table, All, Cands, First, AnswerLimit, InfLimit, TimeLimit, Untimed,
      Covered, Status, Message) :-
    term_string((Head :- Body), Text),
    (   AnswerLimit > 0,
        catch(limited(by_answers(M, Head, Body, Table, First, Found), AnswerLimit, TimeLimit,
                      Untimed, R),
              _, fail),
        R \== inference_limit_exceeded
    ->  Covered = Found, Status = ok, Message = ""
    ;   cover_examples(M, Id, Head, Body, Table, All, Cands, First, InfLimit, TimeLimit,
                       Untimed, Covered, Status, Message)
    ).

cover_examples(M, Id, Head, Body, Table, All, Cands, First, InfLimit, TimeLimit, Untimed,
               Covered, Status, Message) :-
    (   \+ \+ clause(M:'$ilp_rule'(Id, _), _)
    ->  true
    ;   assertz(M:('$ilp_rule'(Id, Head) :- Body))
    ),
    Test = ( candidate(All, Cands, Table, M, I, Atom), once(M:'$ilp_rule'(Id, Atom)) ),
    (   First == true
    ->  Goal = ( once(Test) -> Found = [I] ; Found = [] )
    ;   First == missed
    ->  Missed = ( candidate(All, Cands, Table, M, I, Atom), \+ M:'$ilp_rule'(Id, Atom) ),
        Goal = ( once(Missed) -> Found = [I] ; Found = [] )
    ;   Goal = findall(I, Test, Found)
    ),
    catch(limited(Goal, InfLimit, TimeLimit, Untimed, R), E, true),
    (   nonvar(E)
    ->  Covered = [], error_status(E, Status, Message)
    ;   R == inference_limit_exceeded
    ->  Covered = [], Status = limit, Message = ""
    ;   Covered = Found, Status = ok, Message = ""
    ).

%!  limited(:Goal, +InfLimit, +TimeLimit, +Untimed, -R) is semidet.
%   call_with_inference_limit(Goal, InfLimit, R) within TimeLimit seconds.
%   With Untimed = @(true) (Python's True through janus; the caller's word
%   that each inference of Goal is quick: a body of fact-defined
%   predicates) Goal is first called without a time limit within at most
%   untimed_inferences/1 of them, a few milliseconds (most queries end
%   within them, and each time limit costs two hand-offs with SWI-Prolog's
%   alarm thread); only a Goal that reaches them is called again from the
%   start (its bindings undone) under both limits, so it must have no side
%   effects. Goal must hold no inference limit of its own: an outer limit
%   reached inside an inner call ends that call as if its own was. A BK
%   rule may block in one inference (sleep/1, which the time limit
%   interrupts): Untimed = @(false) for such bodies.
limited(Goal, InfLimit, TimeLimit, Untimed, R) :-
    untimed_inferences(K),
    (   Untimed \== @(true)
    ->  call_with_time_limit(TimeLimit, call_with_inference_limit(Goal, InfLimit, R))
    ;   InfLimit =< K
    ->  call_with_inference_limit(Goal, InfLimit, R)
    ;   call_with_inference_limit(Goal, K, R0)
    ->  (   R0 == inference_limit_exceeded
        ->  call_with_time_limit(TimeLimit, call_with_inference_limit(Goal, InfLimit, R))
        ;   R = R0
        )
    ).

untimed_inferences(20000).

%!  by_answers(+M, +Head, +Body, +Table, +First, -Found) is det.
%   The examples of Table covered by Head :- Body (all, or the first with
%   First = true), found the other way round: each answer of Body with the
%   head's arguments unbound, looked up among the examples by term hash.
%   Only asked for bodies of fact-defined predicates that bind every head
%   argument (the caller checks), where it finds exactly what calling the
%   rule on each example finds; the caller limits its inferences and
%   catches its errors.
by_answers(M, Head, Body, Table, First, Found) :-
    key_table(Table, Keys),
    Hit = ( M:Body, term_hash(Head, K), call(M:Keys, K, I), call(M:Table, I, A), A == Head ),
    (   First == true
    ->  ( once(Hit) -> Found = [I] ; Found = [] )
    ;   findall(I, Hit, Is), sort(Is, Found)
    ).

%!  cover_program(+M, +Texts, +Table, +All, +Cands, +First, +Depth, +InfLimit, +TimeLimit,
%!                -Covered, -Status)
%   cover/14 for a whole program (a recursive one): its clauses (Texts) are
%   asserted as clauses of the head predicate in M (declared dynamic there
%   before the BK was loaded), in this order, and each candidate example is
%   proved under a depth limit and within InfLimit inferences of its own. A
%   proof found is a proof (covered); a failure without reaching either
%   limit means not covered; reaching one means unknown, and the query stops
%   there with Status depth or limit (an unknown example leaves a program's
%   whole coverage unknown, and a test that finds one teaches the learner
%   nothing, whatever the others say). A program that never ends on an
%   example so costs one example's inferences, not those of all examples.
%   Otherwise Status: ok, or timeout, error or bk_error as for cover/14 (no
%   Message: the caller counts failed tests by status).
cover_program(M, Texts, Table, All, Cands, First, Depth, InfLimit, TimeLimit, Covered,
              Status) :-
    maplist(assert_clause(M), Texts, Refs),
    Each = ( candidate(All, Cands, Table, M, I, Atom),
             call_with_inference_limit(prove(M, Atom, Depth, R), InfLimit, L),
             (   L == inference_limit_exceeded
             ->  throw(ilp_limit_reached)
             ;   R == unknown
             ->  throw(ilp_depth_reached)
             ;   R == yes
             ) ),
    (   First == true
    ->  Goal = ( once(Each) -> Found = [I] ; Found = [] )
    ;   Goal = findall(I, Each, Found)
    ),
    catch(call_with_time_limit(TimeLimit, Goal), E, true),
    maplist(erase, Refs),
    (   E == ilp_depth_reached
    ->  Covered = [], Status = depth
    ;   E == ilp_limit_reached
    ->  Covered = [], Status = limit
    ;   nonvar(E)
    ->  Covered = [], error_status(E, Status, _)
    ;   Covered = Found, Status = ok
    ).

assert_clause(M, Text, Ref) :-
    term_string(Clause, Text),
    assertz(M:Clause, Ref).

%!  prove(+M, +Atom, +Depth, -R) is det.
%   R: yes (a proof within Depth), no (none, the limit never reached) or unknown.
prove(M, Atom, Depth, R) :-
    (   call_with_depth_limit(once(M:Atom), Depth, D)
    ->  ( D == depth_limit_exceeded -> R = unknown ; R = yes )
    ;   R = no
    ).

%!  own_clauses(+M, +Name, +Arity, -N) is det.
%   The clauses of M's own Name/Arity (0 if M does not define it).
own_clauses(M, Name0, Arity, N) :-
    atom_string(Name, Name0),
    functor(H, Name, Arity),
    (   predicate_property(M:H, number_of_clauses(N0)),
        \+ predicate_property(M:H, imported_from(_))
    ->  N = N0
    ;   N = 0
    ).

key_table('$ilp_pos', '$ilp_pos_key').
key_table('$ilp_neg', '$ilp_neg_key').

error_status(time_limit_exceeded, timeout, "") :- !.
error_status(E, bk_error, Message) :-
    (   E == ilp_bk_halt
    ;   E = error(existence_error(procedure, _), _)
    ), !,
    message_text(E, Message).
error_status(E, error, Message) :-
    message_text(E, Message).

%!  forget_rules(+M) is det.
%   Drop the rules cover/14 kept in M.
forget_rules(M) :-
    retractall(M:'$ilp_rule'(_, _)).

wipe(M, Id0) :-
    atom_string(Id, Id0),
    catch(unload_file(Id), _, true),
    forall(( member(P/A, ['$ilp_pos'/2, '$ilp_neg'/2, '$ilp_pos_key'/2, '$ilp_neg_key'/2,
                          '$ilp_rule'/2]),
             functor(H, P, A), predicate_property(M:H, defined) ),
           retractall(M:H)).
