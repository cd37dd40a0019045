/** What the owner's pages say after a form: saved (a status), or what went wrong (an alert). */
export function Saved({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="mb-3 rounded-md border-2 border-green-700 bg-green-50 p-3 font-medium text-green-900">
      {children}
    </div>
  );
}

export function Problem({ message }: { message: string }) {
  return (
    <p role="alert" className="mb-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
      {message}
    </p>
  );
}
