import { translateText } from '../i18n/server-texts';
import { useTranslation } from '../i18n/use-translation';
/** A field's validation message, tied to its input through `id` (aria-describedby). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  useTranslation(); // shown again in the new language when it changes
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {translateText(message)}
    </div>
  );
}
