/**
 * Create or edit a staff user in a drawer (width 350): username, nome, cognome, email, attivo,
 * password (set or change) and permissions. The form is reset with the server's answer.
 */
import { Text } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { useMemo } from "react";
import { Field } from "react-final-form";
import { errorMessage, fieldErrors } from "../../api/base";
import { type StaffUserInput, useCreateUserMutation, useUpdateUserMutation } from "../../api/users.endpoints";
import { CheckboxField, FormField, TextField } from "../../components/form";
import { FormDrawer } from "../../components/form-drawer";
import type { StaffUser } from "../../domain/contracts/auth/users";
import { passwordProblem } from "../../domain/password-policy";
import { notify } from "../../lib/toaster";
import { PermissionCheckboxes } from "./permission-checkboxes";

export const USER_ADDED = "Utente aggiunto con successo";
export const USER_UPDATED = "Utente modificato con successo";

interface UserFormValues {
  username: string;
  nome: string;
  cognome: string;
  email: string;
  attivo: boolean;
  password: string;
  permissions: string[];
}

function initialValues(user: StaffUser | null): UserFormValues {
  return {
    username: user?.username ?? "",
    nome: user?.nome ?? "",
    cognome: user?.cognome ?? "",
    email: user?.email ?? "",
    attivo: user?.attivo ?? true,
    password: "",
    permissions: user?.permissions ?? [],
  };
}

export interface UserFormDrawerProps {
  open: boolean;
  /** null: a new user. */
  user: StaffUser | null;
  onClose: () => void;
}

export function UserFormDrawer({ open, user, onClose }: UserFormDrawerProps) {
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const isNew = user === null;
  // A new object on every render would make react-final-form re-initialise and drop what was typed.
  const initial = useMemo(() => initialValues(user), [user]);

  const submit = async (v: UserFormValues) => {
    const data: StaffUserInput = {
      username: v.username.trim(),
      nome: v.nome.trim(),
      cognome: v.cognome.trim(),
      email: v.email.trim(),
      attivo: v.attivo,
      permissions: v.permissions,
      ...(v.password ? { password: v.password } : {}),
    };
    try {
      if (isNew) await createUser(data).unwrap();
      else await updateUser({ id: user.id, data }).unwrap();
    } catch (err) {
      return { ...fieldErrors(err), [FORM_ERROR]: errorMessage(err) };
    }
    notify.success(isNew ? USER_ADDED : USER_UPDATED);
    onClose();
    return undefined;
  };

  return (
    <FormDrawer<UserFormValues>
      open={open}
      onClose={onClose}
      title={isNew ? "Nuovo utente" : `Modifica utente ${user.username}`}
      label={isNew ? "Nuovo utente" : "Modifica utente"}
      submitLabel="Salva"
      formKey={user?.id ?? "new"}
      onSubmit={submit}
      initialValues={initial}
    >
      {({ values }) => (
        <>
          <TextField name="username" label="Nome utente" required autoComplete="off" />
          <TextField name="nome" label="Nome" required />
          <TextField name="cognome" label="Cognome" required />
          <TextField name="email" label="Email" type="email" required />
          <CheckboxField name="attivo" label="Attivo" />
          <TextField
            name="password"
            label={isNew ? "Password" : "Nuova password"}
            type="password"
            required={isNew}
            autoComplete="new-password"
            helperText={isNew ? undefined : "Lascia vuoto per non modificarla."}
            validate={(p) =>
              p
                ? (passwordProblem(p, {
                    username: values.username,
                    email: values.email,
                    nome: values.nome,
                    cognome: values.cognome,
                  }) ?? undefined)
                : undefined
            }
          />
          <Field<string[]> name="permissions">
            {({ input, meta }) => (
              <FormField label="Permessi" error={meta.submitError ? String(meta.submitError) : undefined}>
                <PermissionCheckboxes value={input.value || []} onChange={input.onChange} />
              </FormField>
            )}
          </Field>
          {values.permissions.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              Senza permessi l'utente può accedere ma non vede alcuna sezione.
            </Text>
          )}
        </>
      )}
    </FormDrawer>
  );
}
