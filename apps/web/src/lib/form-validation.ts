import type { FormErrors } from "@mantine/form";
import { schemaResolver } from "@mantine/form";
import i18next from "i18next";
import { localizeServerText } from "../i18n/server-messages.ts";

type Schema = Parameters<typeof schemaResolver>[0];
type Check<V> = (values: V) => FormErrors;

/**
 * A @mantine/form validate function from a domain zod schema (zod 4 is a Standard Schema). `toRequest`
 * picks from the form values what the API receives, because the request schemas are strict and forms
 * carry fields the API never sees (e.g. "confirm password"); `extra` adds the checks for those.
 */
export function validateWith<V>(
  schema: Schema,
  toRequest: (values: V) => unknown,
  ...extra: Check<V>[]
): Check<V> {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    let errors: FormErrors = localizeErrors(resolve(toRequest(values)));
    for (const check of extra) {
      errors = { ...errors, ...check(values) };
    }
    return errors;
  };
}

/**
 * validateWith for a schema fetched on demand: the form can render before the schema library has
 * arrived (the sign-in pages keep it off their critical path). `preload` starts the fetch early (on
 * mount); `validate` waits for it and answers the same errors validateWith would.
 */
export function validateLazily<V>(
  loadSchema: () => Promise<Schema>,
  toRequest: (values: V) => unknown,
): { preload: () => void; validate: (values: V) => Promise<FormErrors> } {
  let check: Promise<Check<V>> | undefined;
  const load = () => {
    check ??= loadSchema().then((schema) => validateWith(schema, toRequest));
    return check;
  };
  return {
    preload: () => {
      void load().catch(() => {
        check = undefined; // fetched again on submit, where a failure is shown
      });
    },
    validate: async (values) => (await load())(values),
  };
}

/** The shared schemas speak English; a reader of another language sees their translation. */
function localizeErrors(errors: FormErrors): FormErrors {
  const language = i18next.language ?? "en";
  const result: FormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    result[field] = typeof message === "string" ? localizeServerText(message, language) : message;
  }
  return result;
}

/** An error on `field` when it differs from `other`. */
export function mustMatch<V>(field: keyof V & string, other: keyof V & string, message: string): Check<V> {
  return (values) => (values[field] !== values[other] ? { [field]: message } : {});
}
