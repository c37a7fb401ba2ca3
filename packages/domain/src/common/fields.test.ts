import { describe, expect, it } from "vitest";
import { CreateAccountRequestSchema } from "../staff/staff-member.ts";
import { EmailSchema, NewPasswordSchema } from "./fields.ts";

describe("field rules", () => {
  it("normalises emails to trimmed lower case", () => {
    expect(EmailSchema.parse("  Sara@Example.COM ")).toBe("sara@example.com");
    expect(EmailSchema.safeParse("not-an-email").success).toBe(false);
  });

  it("accepts passwords of 8 to 256 characters exactly as typed", () => {
    expect(NewPasswordSchema.safeParse("1234567").success).toBe(false);
    expect(NewPasswordSchema.parse(" spaced pass ")).toBe(" spaced pass ");
    expect(NewPasswordSchema.safeParse("x".repeat(256)).success).toBe(true);
    expect(NewPasswordSchema.safeParse("x".repeat(257)).success).toBe(false);
  });

  it("rejects unknown fields so a client cannot assign a role", () => {
    const result = CreateAccountRequestSchema.safeParse({
      name: "Sara",
      email: "sara@example.com",
      password: "long-enough",
      role: "admin",
    });
    expect(result.success).toBe(false);
  });
});
