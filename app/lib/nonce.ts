import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce of a server-rendered response (app/entry.server.tsx provides it). Prerendered
 * pages have none: their inline scripts are allowed by hash (docs/security.md).
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
