import { CloudUploadOutlined } from '@ant-design/icons';
import { useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface UploadAreaProps {
  /** the `accept` of the file input, e.g. `.mp4,.mov,video/*` */
  accept?: string;
  /** called with the chosen or dropped file (the first one) */
  onFile: (file: File) => void;
  /** the main line inside the area, e.g. "click or drag a video here" */
  label: ReactNode;
  /** the accessible name of the area (a button) */
  ariaLabel: string;
  /** shown in the 210 × 140 preview box instead of the icon (an image, a status) */
  preview?: ReactNode;
  /** the line under the label (spec §5 hint) */
  hint?: ReactNode;
  disabled?: boolean;
  /** test hook of the hidden file input */
  inputTestId?: string;
}

/**
 * A file drop area of spec §2: 384 × 234 px with a 210 × 140 px preview box. Click, Enter or Space opens
 * the file chooser; a file dragged onto it is taken too. Disabled: nothing opens and drops are ignored
 * (e.g. until the upload token is there, spec §5). Choosing the same file again fires again (the input
 * is cleared after each choice), which is how an upload resumes.
 */
export function UploadArea({
  accept,
  onFile,
  label,
  ariaLabel,
  preview,
  hint,
  disabled,
  inputTestId,
}: UploadAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  const open = () => {
    if (!disabled) input.current?.click();
  };
  const handleKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const handleDrag = (e: DragEvent, over: boolean) => {
    e.preventDefault();
    if (!disabled) setIsOver(over);
  };
  const handleDrop = (e: DragEvent) => {
    e.preventDefault();
    setIsOver(false);
    const file = e.dataTransfer.files[0];
    if (!disabled && file) onFile(file);
  };

  return (
    <div
      className={`cc-drop-area${isOver ? ' is-over' : ''}${disabled ? ' is-disabled' : ''}`}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label={ariaLabel}
      aria-disabled={disabled || undefined}
      data-testid="upload-area"
      onClick={open}
      onKeyDown={handleKey}
      onDragOver={(e) => handleDrag(e, true)}
      onDragEnter={(e) => handleDrag(e, true)}
      onDragLeave={(e) => handleDrag(e, false)}
      onDrop={handleDrop}
    >
      <div className="cc-drop-preview">{preview ?? <CloudUploadOutlined className="cc-drop-icon" />}</div>
      <div className="cc-drop-label">{label}</div>
      {hint ? <div className="cc-drop-hint">{hint}</div> : null}
      <input
        ref={input}
        type="file"
        accept={accept}
        // display:none in a style: the `hidden` attribute loses to any stylesheet's display rule
        style={{ display: 'none' }}
        disabled={disabled}
        data-testid={inputTestId}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
