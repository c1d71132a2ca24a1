import { BsStarFill } from 'react-icons/bs';
import { BsStar } from '../../components/page-icons';
import { useTranslation } from '../../i18n/use-translation';

interface Props {
  name: string;
  legend: string;
  value: number;
  onChange(value: number): void;
  invalid?: boolean;
  describedBy?: string;
}

/** Five radio buttons drawn as stars; arrow keys move between them like any radio group. */
export function StarPicker({ name, legend, value, onChange, invalid, describedBy }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="star-picker"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    >
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {[1, 2, 3, 4, 5].map((n) => {
        const id = `${name}-${n}`;
        return (
          <span key={n}>
            <input
              type="radio"
              className="visually-hidden"
              id={id}
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <label htmlFor={id} className="star-picker-star">
              {n <= value ? <BsStarFill aria-hidden="true" /> : <BsStar aria-hidden="true" />}
              <span className="visually-hidden">{t('{{count, n}} stars', { count: n })}</span>
            </label>
          </span>
        );
      })}
    </fieldset>
  );
}
