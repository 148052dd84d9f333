/** The `validation` namespace in Spanish. */
export default {
  required: 'Este campo es obligatorio.',
  invalid: 'Este valor no es válido.',
  max_length: 'Use {{max}} caracteres como máximo.',
  min_characters: 'Introduzca al menos {{min}} caracteres.',
  invalid_code: 'Introduzca el código de 6 dígitos.',
  invalid_number: 'Introduzca un número, por ejemplo 1.234,56.',

  email: 'Introduzca su correo electrónico.',
  email_no_spaces: 'El correo electrónico no puede contener espacios.',
  inv_email: 'Introduzca un correo electrónico válido.',

  invalid_phone: 'Introduzca un número de teléfono válido.',
  phone_international:
    'Introduzca el número en formato internacional, empezando por + y el código del país.',

  first_name: 'Introduzca el nombre.',
  last_name: 'Introduzca los apellidos.',
  alphabetic: 'Use solo letras, espacios, guiones y apóstrofos.',

  invalid_date: 'Introduzca una fecha válida.',
  disabled_past: 'La fecha no puede ser anterior a hoy.',
  disabled_after: 'La fecha no puede ser posterior al {{date}}.',
  disabled_before: 'La fecha no puede ser anterior al {{date}}.',

  passwordv1: 'La contraseña debe tener al menos 8 caracteres.',
  passwordv2: 'La contraseña debe contener al menos una letra minúscula.',
  passwordv3: 'La contraseña debe contener al menos un número.',
  passwordv4: 'La contraseña debe contener al menos una letra mayúscula.',
  passwordv5: 'La contraseña debe contener al menos un carácter especial, como ! @ # $ % & *.',
  passwordv6: 'La contraseña no puede contener espacios.',
  password_match: 'Las contraseñas no coinciden.',
  confirm_password: 'Confirme su contraseña.',

  flight_number_missing_letter:
    'Empiece el número de vuelo con el código de la aerolínea, por ejemplo IB123.',
  invalid_flight_number: 'Introduzca un número de vuelo válido, por ejemplo IB123.',

  tob: 'Confirme las condiciones comerciales.',
  origin: 'Elija el aeropuerto de salida.',
  date_for_selected_flight_required: 'Introduzca una fecha para cada vuelo seleccionado.',
  one_passenger: 'Seleccione al menos un pasajero.',
  max_passengers: 'Puede seleccionar hasta {{max}} pasajeros.',
} satisfies Record<string, string>;
