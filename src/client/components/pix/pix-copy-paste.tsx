import { useId, useRef } from "react";
import { toast } from "../../lib/toast";
import { copyText } from "../../lib/clipboard";
import "./pix.css";

export interface PixCopyPasteProps {
  /** The Copia e Cola string. */
  code: string;
  /** Visible label of the text box. */
  label?: string;
}

/** The Copia e Cola code in a read-only text box, with a copy button. */
export function PixCopyPaste({ code, label = "PIX Copia e Cola" }: PixCopyPasteProps) {
  const id = useId();
  const areaRef = useRef<HTMLTextAreaElement>(null);

  async function copy() {
    try {
      await copyText(code, areaRef.current);
      toast("success", "Código PIX copiado!", "Cole no app do seu banco, em Pix Copia e Cola.");
    } catch {
      toast("error", "Não foi possível copiar o código PIX.", "Selecione o código e copie manualmente.");
    }
  }

  return (
    <div className="pix-copy-paste">
      <label className="pix-copy-paste-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={areaRef}
        id={id}
        className="pix-copy-paste-code"
        value={code}
        readOnly
        rows={Math.min(8, Math.max(3, Math.ceil(code.length / 32)))}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" className="pix-copy-paste-button" onClick={() => void copy()}>
        Copiar código PIX
      </button>
    </div>
  );
}
