% The halt note of a learner run in a child process (isolated.py): when the
% background knowledge calls halt/0,1 (module-qualified, so the task module's
% own halt, see test.pl, does not catch it), the process ends; this hook
% leaves a file that tells the parent why.

:- module(ilp_isolated, [note_halt/1, forget_halt/0]).

:- dynamic halt_note/1.

%!  note_halt(+File) is det.
%   From now on, a halt writes File before the process ends.
note_halt(File) :-
    retractall(halt_note(_)),
    assertz(halt_note(File)),
    at_halt(ilp_isolated:write_note).

%!  forget_halt is det.
%   The learner is done: the process's own end is no halt of the BK.
forget_halt :-
    retractall(halt_note(_)).

write_note :-
    (   halt_note(File)
    ->  catch(setup_call_cleanup(open(File, write, S), write(S, halt), close(S)), _, true)
    ;   true
    ).
