import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress.ts";

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: "dist",
    rolldownOptions: {
      output: {
        // The schema library in a chunk of its own: otherwise the bundler may merge it with modules
        // shared by the same screens (number formatting, say), and screens that only format numbers
        // would download it too.
        codeSplitting: { groups: [{ name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
