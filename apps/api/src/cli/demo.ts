import { loadConfig } from "../config.ts";
import { reportStartFailure, startServer } from "../server.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "./demo-data.ts";

/** `npm run demo`: the app on its own data directory, filled with a tea and food business's data. */
try {
  const config = loadConfig({ DATA_DIR: "./data-demo", ...process.env });
  await startServer(config, {
    prepare: async (db) => {
      const seeded = await seedDemoData(db, config);
      return [
        seeded ? "Demo data created." : "Demo data already present; kept as it was.",
        `Demo accounts (password for all: ${DEMO_PASSWORD}):`,
        ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(5)}  ${a.email.padEnd(22)} ${a.name}`),
      ];
    },
  });
} catch (error) {
  reportStartFailure(error);
}
