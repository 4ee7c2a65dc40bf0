print("gesture-demo")
