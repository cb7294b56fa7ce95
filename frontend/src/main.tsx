import "./boot/early-start";
import "virtual:chakra-global.css";
import "@fontsource-variable/inter";
import "@fontsource-variable/plus-jakarta-sans";
import "./app/touch.css";
import { startApp } from "./boot/start";

startApp();
