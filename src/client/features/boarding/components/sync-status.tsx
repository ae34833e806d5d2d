/** The roll call's header: what this phone still has to send, and whether it can. */
interface SyncStatusProps {
  online: boolean;
  queued: number;
  queueRead: boolean;
  sending: boolean;
}

export function SyncStatus({ online, queued, queueRead, sending }: SyncStatusProps) {
  let text: string;
  if (queued > 0) text = `${queued} aguardando envio`;
  // A page opened again (after a login) shows nothing as sent before it has read what the phone kept.
  else if (!queueRead) text = "Conferindo envios";
  else text = online ? "Tudo enviado" : "Sem conexão";
  return (
    <p className={`rc-sync ${online ? "" : "is-offline"}`} role="status">
      <span className="rc-sync-dot" aria-hidden="true" />
      {text}
      {sending && queued > 0 ? "..." : ""}
      {!online && queued > 0 && <span className="admin-visually-hidden"> (sem conexão)</span>}
    </p>
  );
}
