/**
 * HTML attributes React passes through but its types do not know yet: invoker commands
 * (`<button commandfor="id" command="show-modal">`, docs/decisions/006-native-controls.md).
 */
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}
