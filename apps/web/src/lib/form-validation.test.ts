import { CreateAccountRequestSchema } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { mustMatch, validateWith } from "./form-validation.ts";

interface Values {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const validate = validateWith<Values>(
  CreateAccountRequestSchema,
  ({ name, email, password }) => ({ name, email, password }),
  mustMatch("confirmPassword", "password", "Passwords do not match"),
);

describe("validateWith", () => {
  it("accepts valid values", () => {
    expect(
      validate({
        name: "Ann",
        email: "ann@example.com",
        password: "longenough",
        confirmPassword: "longenough",
      }),
    ).toEqual({});
  });

  it("reports the domain's messages beside each field", () => {
    const errors = validate({ name: " ", email: "nope", password: "short", confirmPassword: "short" });
    expect(errors.name).toBe("Full name is required");
    expect(errors.email).toBe("Enter a valid email address");
    expect(errors.password).toBe("Password must be at least 8 characters");
  });

  it("adds the extra checks", () => {
    const errors = validate({
      name: "Ann",
      email: "ann@example.com",
      password: "longenough",
      confirmPassword: "x",
    });
    expect(errors).toEqual({ confirmPassword: "Passwords do not match" });
  });
});
