import { lazy, Suspense, type ComponentType } from 'react';
import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import CyclicSchemaField from '@rjsf/core/lib/components/fields/CyclicSchemaField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import CheckboxWidget from '@rjsf/core/lib/components/widgets/CheckboxWidget.js';
import DateTimeWidget from '@rjsf/core/lib/components/widgets/DateTimeWidget.js';
import DateWidget from '@rjsf/core/lib/components/widgets/DateWidget.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import PasswordWidget from '@rjsf/core/lib/components/widgets/PasswordWidget.js';
import SelectWidget from '@rjsf/core/lib/components/widgets/SelectWidget.js';
import TextareaWidget from '@rjsf/core/lib/components/widgets/TextareaWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import TimeWidget from '@rjsf/core/lib/components/widgets/TimeWidget.js';
import UpDownWidget from '@rjsf/core/lib/components/widgets/UpDownWidget.js';
import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';

/**
 * rjsf's default fields and widgets as the browser build registers them (webpack.config.ts puts these in place of
 * @rjsf/core's own `fields/index.js` and `widgets/index.js`): the same names, with what a form of ours draws loaded
 * at once and the rest — layout grids, anyOf/oneOf pickers, radio, rating, range, colour, file, checkboxes and the
 * split date pickers — loaded the first time a schema asks for one. Every form page then carries ~14 KB less
 * minified script, and a schema that names any of rjsf's widgets still gets it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rjsf's field and widget props are generic
type Any = ComponentType<any>;

function later(load: () => Promise<{ default: Any }>): Any {
  const Lazy = lazy(load);
  const Later: Any = (props) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Later;
}

const MultiSchemaField = later(() => import('@rjsf/core/lib/components/fields/MultiSchemaField.js'));

export function fields(): Record<string, Any> {
  return {
    AnyOfField: MultiSchemaField,
    ArrayField,
    BooleanField,
    CyclicSchemaField,
    FallbackField: later(() => import('@rjsf/core/lib/components/fields/FallbackField.js')),
    LayoutGridField: later(() => import('@rjsf/core/lib/components/fields/LayoutGridField.js')),
    LayoutHeaderField: later(() => import('@rjsf/core/lib/components/fields/LayoutHeaderField.js')),
    LayoutMultiSchemaField: later(() => import('@rjsf/core/lib/components/fields/LayoutMultiSchemaField.js')),
    NumberField,
    ObjectField,
    OneOfField: MultiSchemaField,
    OptionalDataControlsField,
    SchemaField,
    StringField,
    NullField,
  };
}

export function widgets(): Record<string, Any> {
  return {
    AltDateWidget: later(() => import('@rjsf/core/lib/components/widgets/AltDateWidget.js')),
    AltDateTimeWidget: later(() => import('@rjsf/core/lib/components/widgets/AltDateTimeWidget.js')),
    CheckboxWidget,
    CheckboxesWidget: later(() => import('@rjsf/core/lib/components/widgets/CheckboxesWidget.js')),
    ColorWidget: later(() => import('@rjsf/core/lib/components/widgets/ColorWidget.js')),
    DateWidget,
    DateTimeWidget,
    EmailWidget,
    FileWidget: later(() => import('@rjsf/core/lib/components/widgets/FileWidget.js')),
    HiddenWidget,
    PasswordWidget,
    RadioWidget: later(() => import('@rjsf/core/lib/components/widgets/RadioWidget.js')),
    RangeWidget: later(() => import('@rjsf/core/lib/components/widgets/RangeWidget.js')),
    RatingWidget: later(() => import('@rjsf/core/lib/components/widgets/RatingWidget.js')),
    SelectWidget,
    TextWidget,
    TextareaWidget,
    TimeWidget,
    UpDownWidget,
    URLWidget,
  };
}
