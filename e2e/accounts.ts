export const E2E_ADMIN = { email: "e2e.admin@example.com", password: "e2e admin password" };
