import {
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * useMutation for the buttons that change something. A call repeating one still in flight (same
 * variables) joins it instead of sending a second request: a double click lands before the button
 * re-renders as loading, so without this one click could send two requests. Calls with other
 * variables (another row of a list) go out as usual. Buttons still show `loading` while pending.
 */
export function useSubmitMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef(new Map<string, Promise<TData>>());
  const { mutateAsync } = mutation;
  type Args = Parameters<typeof mutateAsync>;
  const submit = useCallback(
    (...args: Args) => {
      const key = JSON.stringify(args[0]) ?? '';
      const running = inFlight.current.get(key);
      if (running) return running;
      const request = mutateAsync(...args);
      inFlight.current.set(key, request);
      const done = () => {
        if (inFlight.current.get(key) === request) inFlight.current.delete(key);
      };
      request.then(done, done);
      return request;
    },
    [mutateAsync],
  );
  const mutate = useCallback(
    (...args: Args) => {
      // As useMutation's mutate: the error is shown through the mutation's state, never thrown.
      submit(...args).catch(() => undefined);
    },
    [submit],
  );
  return { ...mutation, mutate, mutateAsync: submit };
}
