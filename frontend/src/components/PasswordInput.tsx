import { IconButton, Input, InputGroup, type InputProps } from "@chakra-ui/react";
import { forwardRef, useState } from "react";
import { EyeIcon, EyeOffIcon } from "./icons";

/** A password field with a show/hide toggle; the toggle keeps focus order and announces its state. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, "type">>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          me="-2"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          color="fg.muted"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      <Input ref={ref} {...props} type={visible ? "text" : "password"} pe="11" />
    </InputGroup>
  );
});
