import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, RegisterRequestSchema } from '../../../../core/contracts/auth';
import { errorMessage } from '../../../lib/api';
import { useRegister } from '../api/session';
import { ResendVerification } from './resend-verification';

const FIELDS = [
  'nameFirst',
  'nameLast',
  'username',
  'email',
  'password',
  'passwordConfirm',
  'profilePhoto',
] as const;
type Field = (typeof FIELDS)[number];
const PASSWORD_FIELDS = new Set<Field>(['password', 'passwordConfirm']);

/**
 * Registration with the server's own schema: errors appear once a field is touched, never on passwords.
 * A new account is signed in and goes to the home page, where a banner asks to confirm the address; an
 * address that already has an account gets "check your e-mail" (its owner got a mail) and no session.
 */
export function RegisterForm({ inviteCode }: { inviteCode?: string | null }) {
  const register = useRegister();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    nameFirst: '',
    nameLast: '',
    username: '',
    email: '',
    password: '',
    passwordConfirm: '',
    profilePhoto: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const parsed = RegisterRequestSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  const fieldError = (field: Field) =>
    touched[field] && !PASSWORD_FIELDS.has(field) ? errors[field] : undefined;
  const bind = (field: Field) => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    error: fieldError(field),
  });
  const passwordsDiffer = touched.passwordConfirm && values.password !== values.passwordConfirm;
  // Password fields never carry an error; a too-short password is said once, above the form, on submit.
  const passwordProblem = submitted && errors.password && !register.isPending ? errors.password : undefined;

  if (register.isSuccess && !register.data.user) {
    return (
      <Stack>
        <Alert color="green" role="status" title="Check your e-mail">
          {register.data.message}
        </Alert>
        <ResendVerification email={values.email.trim()} />
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!parsed.success) {
          setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
          return;
        }
        register.mutate(
          { ...parsed.data, inviteCode: inviteCode || undefined },
          {
            onSuccess: (data) => {
              if (data.user) void navigate('/');
            },
          },
        );
      }}
    >
      <Stack>
        {register.isError && (
          <Alert color="red" role="alert" title="Registration failed">
            {errorMessage(register.error)}
          </Alert>
        )}
        {passwordProblem && (
          <Alert color="red" role="alert">
            {passwordProblem}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" autoComplete="given-name" required {...bind('nameFirst')} />
          <TextInput label="Last name" autoComplete="family-name" required {...bind('nameLast')} />
        </SimpleGrid>
        <TextInput label="Username" autoComplete="username" required {...bind('username')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...bind('email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            // The hint goes under the box, so the two boxes side by side line up.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            required
            {...bind('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...bind('passwordConfirm')}
          />
        </SimpleGrid>
        {passwordsDiffer && (
          <Alert color="orange" role="status">
            {AUTH_MESSAGES.passwordMismatch}
          </Alert>
        )}
        <TextInput label="Profile photo URL (optional)" placeholder="https://…" {...bind('profilePhoto')} />
        <Group justify="flex-end">
          <Button type="submit" loading={register.isPending}>
            CREATE ACCOUNT
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
